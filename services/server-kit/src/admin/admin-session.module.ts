import { type DynamicModule, type InjectionToken, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Redis } from 'ioredis';
import { AdminGuardSettings, AdminSessionGuard } from './admin-session.guard.js';
import { AdminSessionStore } from './admin-session.store.js';

export interface AdminSessionModuleOptions {
  /** The address visitors use: the guard's same-origin check and the session cookie's form. */
  publicSiteUrl: string;
  /**
   * The token of the service's request-path Redis client. Its module must export it globally:
   * sessions share that connection rather than opening their own.
   */
  redis: InjectionToken;
}

/**
 * Admin sessions and the admin guard, registered globally, the same in every service. Global,
 * so a service's own modules (content's login, for one) can inject the session store.
 */
@Module({})
export class AdminSessionModule {
  static forRoot({ publicSiteUrl, redis }: AdminSessionModuleOptions): DynamicModule {
    return {
      module: AdminSessionModule,
      global: true,
      providers: [
        { provide: AdminGuardSettings, useValue: { publicSiteUrl } },
        { provide: AdminSessionStore, inject: [redis], useFactory: (client: Redis) => new AdminSessionStore(client) },
        { provide: APP_GUARD, useClass: AdminSessionGuard },
      ],
      exports: [AdminGuardSettings, AdminSessionStore],
    };
  }
}
