import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Global, type INestApplication, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { useFlushedRedis } from './support/test-redis.js';
import { AdminSessionModule } from '../src/admin/admin-session.module.js';
import { AdminSessionStore } from '../src/admin/admin-session.store.js';

const SITE = 'https://www.agency.example';
const REDIS = Symbol('REDIS');

describe('AdminSessionModule', () => {
  const redis = useFlushedRedis();
  let app: INestApplication;

  @Controller('api')
  class SiteController {
    @Get('blog-posts')
    posts() {
      return { posts: [] };
    }

    @Get('admin/blog-posts')
    adminPosts() {
      return { posts: [] };
    }

    @Post('admin/blog-posts')
    createPost() {
      return { id: 1 };
    }
  }

  // A service's own feature module, as content's login is: it injects the store the module provides.
  @Controller('api/admin')
  class LoginController {
    constructor(private readonly sessions: AdminSessionStore) {}

    @Post('login')
    async login() {
      return { session: await this.sessions.create() };
    }
  }

  @Module({ controllers: [LoginController] })
  class LoginModule {}

  @Global()
  @Module({})
  class ServiceModule {
    static forRoot() {
      return {
        module: ServiceModule,
        imports: [AdminSessionModule.forRoot({ publicSiteUrl: SITE, redis: REDIS }), LoginModule],
        controllers: [SiteController],
        providers: [{ provide: REDIS, useValue: redis }],
        exports: [REDIS],
      };
    }
  }

  beforeAll(async () => {
    app = await NestFactory.create(ServiceModule.forRoot(), { logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });

  const sameSite = { Origin: SITE, 'Sec-Fetch-Site': 'same-origin' };

  it('leaves public paths open and closes admin paths to requests without a session', async () => {
    await request(app.getHttpServer()).get('/api/blog-posts').expect(200);
    await request(app.getHttpServer()).get('/api/admin/blog-posts').expect(401);
    await request(app.getHttpServer()).get('/api/admin/blog-posts').set('Cookie', '__Host-admin_session=made-up').expect(401);
  });

  it('opens admin paths to a session the login made, read from the cookie named for the site', async () => {
    const login = await request(app.getHttpServer()).post('/api/admin/login').set(sameSite).expect(201);
    const { session } = login.body as { session: string };
    await request(app.getHttpServer()).get('/api/admin/blog-posts').set('Cookie', `__Host-admin_session=${session}`).expect(200);
    await request(app.getHttpServer()).get('/api/admin/blog-posts').set('Cookie', `admin_session=${session}`).expect(401);
    expect(await redis.keys('admin:session:*')).toHaveLength(1);
  });

  it('refuses admin writes and logins that do not come from the site', async () => {
    const session = await new AdminSessionStore(redis).create();
    const cookie = `__Host-admin_session=${session}`;
    await request(app.getHttpServer()).post('/api/admin/blog-posts').set('Cookie', cookie).set(sameSite).expect(201);
    await request(app.getHttpServer()).post('/api/admin/blog-posts').set('Cookie', cookie).set('Origin', 'https://evil.example').expect(403);
    await request(app.getHttpServer()).post('/api/admin/login').set('Origin', 'https://evil.example').expect(403);
  });
});
