import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { Category } from '@agency/shared';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { PublicRead } from '../common/public-read.decorator.js';
import { CategoriesService } from './categories.service.js';
import { CategoryInput } from './category.dto.js';

@Controller('api/categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @PublicRead()
  list(): Promise<Category[]> {
    return this.categories.list();
  }
}

@Controller('api/admin/categories')
export class AdminCategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  list(): Promise<Category[]> {
    return this.categories.list();
  }

  @Post()
  create(@Body() input: CategoryInput): Promise<Category> {
    return this.categories.create(input);
  }

  @Put(':id')
  update(@Param('id', ParseIdPipe) id: number, @Body() input: CategoryInput): Promise<Category> {
    return this.categories.update(id, input);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.categories.remove(id);
  }
}
