import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { type DestinationStream, pino, type Logger, type LoggerOptions } from 'pino';
import PinoPretty from 'pino-pretty';
import type { RuntimeEnvironment } from '../config/server-config.js';
import { currentLogContext } from './request-context.js';

/**
 * Never written to a log: credentials, session cookies, and the visitors' email addresses (the
 * tools' job data and the subscriber forms carry them). Paths are pino's redaction paths.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'email',
  'password',
  'data.email',
  'payload.email',
  '*.email',
  '*.password',
  '*.apiKey',
  '*.token',
];

export interface ServiceLoggerOptions {
  /** The process's name in every line: content, tools, worker. */
  service: string;
  environment: RuntimeEnvironment;
  /** LOG_LEVEL; by default info, and warn under tests. */
  level?: string;
  /** Where JSON lines go (standard output by default). */
  destination?: DestinationStream;
}

/**
 * The process's logger: JSON lines in production, readable coloured lines otherwise (LOG_FORMAT
 * json|pretty overrides). Each line carries the request or job it is about (request-context.ts).
 */
export function createServiceLogger({ service, environment, level, destination }: ServiceLoggerOptions): Logger {
  const options: LoggerOptions = {
    level: level || environmentSetting('LOG_LEVEL') || (environment === 'test' ? 'warn' : 'info'),
    base: { service, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    // A request's own logger (pino-http's) is bound to its id already.
    mixin: (_object, _level, logger) => {
      const context = currentLogContext();
      return context && !('requestId' in logger.bindings()) ? context : {};
    },
    formatters: { level: (label) => ({ level: label }) },
  };
  const format = environmentSetting('LOG_FORMAT') ?? (environment === 'production' ? 'json' : 'pretty');
  if (format !== 'pretty') return destination ? pino(options, destination) : pino(options);
  const pretty = PinoPretty({
    sync: true,
    colorize: process.stdout.isTTY,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    messageFormat: '{service}{if context} {context}{end}: {msg}',
    ignore: 'pid,hostname,service,context',
  });
  return pino(options, pretty);
}

/** An empty variable (as .env templates and compose's `${NAME:-}` give) counts as unset. */
function environmentSetting(name: string): string | undefined {
  return process.env[name]?.trim() || undefined;
}

/** nestjs-pino's logger for one service's pino logger (its own root is one per process, which tests building several apps would share). */
class ServicePinoLogger extends PinoLogger {
  constructor(private readonly service: Logger) {
    super({ pinoHttp: { logger: service } });
  }

  override get logger(): Logger {
    return this.service;
  }
}

/**
 * Nest's Logger on top of pino, through nestjs-pino: `new Logger('Context').log(...)` anywhere ends
 * up as one pino line with the context. The request logging stays with http-logging.ts (it runs
 * before the body parsers), and the request or job id comes from the logger's mixin.
 */
export class PinoNestLogger extends NestPinoLogger {
  constructor(logger: Logger) {
    super(new ServicePinoLogger(logger), {});
  }
}
