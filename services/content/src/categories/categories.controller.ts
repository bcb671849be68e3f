import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { AdminListQuery, sendListPage } from '@agency/server-kit';
import type { Response } from 'express';
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
    return this.categories.listInUse();
  }
}

@Controller('api/admin/categories')
export class AdminCategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  async list(@Query() query: AdminListQuery, @Res({ passthrough: true }) res: Response): Promise<Category[]> {
    return sendListPage(res, await this.categories.listPage(query));
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
