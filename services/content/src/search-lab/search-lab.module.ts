import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SearchLabEntryEntity } from './search-lab-entry.entity.js';
import { AdminSearchLabController, SearchLabController } from './search-lab.controller.js';
import { SearchLabService } from './search-lab.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([SearchLabEntryEntity])],
  controllers: [SearchLabController, AdminSearchLabController],
  providers: [SearchLabService],
})
export class SearchLabModule {}
