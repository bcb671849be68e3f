import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaAssetEntity } from './media-asset.entity.js';
import { AdminMediaController } from './media.controller.js';
import { MediaService } from './media.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([MediaAssetEntity])],
  controllers: [AdminMediaController],
  providers: [MediaService],
})
export class MediaModule {}
