import { type DynamicModule, Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AdminPassword, AdminSessionModule, createRequestPathRedis, LoginThrottle, logRedisErrors, TrustedDevices } from '@agency/server-kit';
import type { Redis } from 'ioredis';
import { CONTENT_CONFIG, REDIS } from './config/content-config.provider.js';
import type { ContentConfig } from './config/content-config.js';
import { ToolsClient } from './tools-client/tools-client.js';

/** Process-wide pieces: config, Redis, admin sessions and the global admin guard, the tools service's client. */
@Global()
@Module({})
export class CoreModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  static forRoot(config: ContentConfig): DynamicModule {
    return {
      module: CoreModule,
      imports: [AdminSessionModule.forRoot({ publicSiteUrl: config.publicSiteUrl, redis: REDIS })],
      providers: [
        { provide: CONTENT_CONFIG, useValue: config },
        {
          provide: REDIS,
          useFactory: () => {
            const redis = createRequestPathRedis(config.redisUrl, 'content');
            const logger = new Logger('Redis');
            logRedisErrors(redis, (message) => logger.warn(message));
            return redis;
          },
        },
        { provide: LoginThrottle, inject: [REDIS], useFactory: (redis: Redis) => new LoginThrottle(redis) },
        { provide: TrustedDevices, inject: [REDIS], useFactory: (redis: Redis) => new TrustedDevices(redis) },
        { provide: AdminPassword, useFactory: () => AdminPassword.fromConfig(config.admin) },
        ToolsClient,
      ],
      exports: [CONTENT_CONFIG, REDIS, LoginThrottle, TrustedDevices, AdminPassword, ToolsClient],
    };
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
