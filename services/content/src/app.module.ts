import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from './activity/activity.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BlogModule } from './blog/blog.module.js';
import { CategoriesModule } from './categories/categories.module.js';
import type { ContentConfig } from './config/content-config.js';
import { ContactModule } from './contact/contact.module.js';
import { CoreModule } from './core.module.js';
import { dataSourceOptions } from './database/data-source-options.js';
import { EmailModule } from './email/email.module.js';
import { ErasureModule } from './erasure/erasure.module.js';
import { HealthModule } from './health/health.module.js';
import { OverviewModule } from './overview/overview.module.js';
import { PeopleModule } from './people/people.module.js';
import { MediaModule } from './media/media.module.js';
import { SearchLabModule } from './search-lab/search-lab.module.js';
import { SiteSearchModule } from './site-search/site-search.module.js';
import { SubscribersModule } from './subscribers/subscribers.module.js';
import { VideosModule } from './videos/videos.module.js';

@Module({})
export class AppModule {
  static forRoot(config: ContentConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(config.databaseUrl),
          // Tests retry a little too: a loaded machine can take longer than the pool's connect timeout.
          retryAttempts: config.environment === 'test' ? 3 : 10,
          retryDelay: config.environment === 'test' ? 500 : 2000,
        }),
        ActivityModule,
        AuthModule,
        BlogModule,
        CategoriesModule,
        ContactModule,
        EmailModule,
        ErasureModule,
        HealthModule,
        OverviewModule,
        PeopleModule,
        MediaModule,
        SearchLabModule,
        SiteSearchModule,
        SubscribersModule,
        VideosModule,
      ],
    };
  }
}
