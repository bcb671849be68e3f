import { Logger } from '@nestjs/common';
import { loadContentConfig } from './config/content-config.js';
import { createContentApp } from './http-app.js';

async function bootstrap(): Promise<void> {
  const config = loadContentConfig();
  const app = await createContentApp(config);
  await app.listen(config.port, config.bindHost);
  new Logger('Content').log(`Content service listening on ${config.bindHost} port ${config.port}`);
  // Under pm2 (make start), the next process starts once this one serves.
  process.send?.('ready');
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
