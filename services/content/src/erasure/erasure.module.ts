import { Module } from '@nestjs/common';
import { ErasureController } from './erasure.controller.js';
import { PersonErasureService } from './person-erasure.service.js';
import { QueuedJobAddresses } from './queued-job-addresses.js';

@Module({ controllers: [ErasureController], providers: [PersonErasureService, QueuedJobAddresses] })
export class ErasureModule {}
