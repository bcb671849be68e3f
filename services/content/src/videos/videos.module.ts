import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { YoutubeVideoEntity } from './youtube-video.entity.js';
import { AdminYoutubeVideosController, YoutubeVideosController } from './youtube-videos.controller.js';
import { YoutubeVideosService } from './youtube-videos.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([YoutubeVideoEntity])],
  controllers: [YoutubeVideosController, AdminYoutubeVideosController],
  providers: [YoutubeVideosService],
})
export class VideosModule {}
