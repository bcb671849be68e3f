import { Module } from '@nestjs/common';
import { ErasureController } from './erasure.controller.js';
import { PersonErasureService } from './person-erasure.service.js';

@Module({ controllers: [ErasureController], providers: [PersonErasureService] })
export class ErasureModule {}
