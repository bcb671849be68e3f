import type { CrawlerLogFormat } from '@agency/shared';

/** One request as the analyzer needs it; every format is read into this. */
export interface LogRequest {
  address: string;
  /** Milliseconds since the epoch, or null when the line has no readable time. */
  time: number | null;
  method: string;
  /** The path without its query string. */
  path: string;
  status: number;
  bytes: number;
  userAgent: string;
}

const MAX_PATH_CHARS = 300;

/**
 * Combined Log Format (Apache and nginx's default "combined"):
 * 203.0.113.9 - - [10/Oct/2025:13:55:36 +0000] "GET /a HTTP/1.1" 200 2326 "referer" "user agent"
 */
const COMBINED = /^(\S+) \S+ \S+ \[([^\]]+)\] "([A-Z]{3,10}) (\S+)(?: [^"]*)?" (\d{3}) (\d+|-)(?: "(?:[^"\\]|\\.)*" "((?:[^"\\]|\\.)*)")?/;
const MONTHS: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };
const CLF_TIME = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/;

/** The names each field goes by in JSON logs and CSV exports (nginx, Apache, Caddy, Cloudflare, CDNs, W3C), compared without case or punctuation. */
const FIELD_NAMES = {
  address: ['remoteaddr', 'remoteip', 'clientip', 'ip', 'cip', 'clientipaddress', 'sourceip', 'remotehost', 'address', 'xforwardedfor'],
  time: ['time', 'timestamp', 'ts', 'date', 'datetime', 'timeiso8601', 'timelocal', 'edgestarttimestamp', 'requesttime', 'starttime', 'logtime'],
  method: ['method', 'requestmethod', 'httpmethod', 'csmethod', 'clientrequestmethod', 'verb'],
  path: ['path', 'uri', 'requesturi', 'url', 'csuristem', 'clientrequestpath', 'clientrequesturi', 'requestpath', 'request'],
  status: ['status', 'statuscode', 'httpstatus', 'scstatus', 'edgeresponsestatus', 'responsestatus', 'originresponsestatus'],
  bytes: ['bytessent', 'bodybytessent', 'bytes', 'size', 'responsebytes', 'scbytes', 'edgeresponsebytes', 'responsesize', 'contentlength'],
  userAgent: ['useragent', 'httpuseragent', 'ua', 'agent', 'csuseragent', 'clientrequestuseragent', 'requestuseragent'],
} as const;
type Field = keyof typeof FIELD_NAMES;
const FIELD_OF_NAME = new Map<string, Field>(Object.entries(FIELD_NAMES).flatMap(([field, names]) => names.map((name) => [name, field as Field])));
// "time" also matches nginx's $request_time (seconds taken); only a value that reads as a date counts.

const normaliseName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export function parseCombined(line: string): LogRequest | undefined {
  const match = COMBINED.exec(line);
  if (!match) return undefined;
  const [, address, time, method, target, status, bytes, userAgent] = match;
  return {
    address: address!,
    time: clfTime(time!),
    method: method!,
    path: pathOf(target!),
    status: Number(status),
    bytes: bytes === '-' ? 0 : Number(bytes),
    userAgent: unescapeQuoted(userAgent ?? ''),
  };
}

function clfTime(text: string): number | null {
  const match = CLF_TIME.exec(text);
  if (!match) return null;
  const [, day, month, year, hour, minute, second, sign, offsetHours, offsetMinutes] = match;
  const monthIndex = MONTHS[month!];
  if (monthIndex === undefined) return null;
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  return Date.UTC(Number(year), monthIndex, Number(day), Number(hour), Number(minute), Number(second)) - offset * 60_000;
}

function unescapeQuoted(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

/** The path of a request target (absolute URL or path), without its query string or fragment, bounded in length. */
export function pathOf(target: string): string {
  let path = target;
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return '';
    }
  }
  const end = path.search(/[?#]/);
  if (end >= 0) path = path.slice(0, end);
  return path.slice(0, MAX_PATH_CHARS);
}

/** A JSON line: one flat object whose keys go by any of the usual names (FIELD_NAMES). */
export function parseJsonLine(line: string): LogRequest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const fields: Partial<Record<Field, unknown>> = {};
  collectFields(value as Record<string, unknown>, fields, 0);
  return requestOf(fields);
}

/** Reads top-level keys, and one level of nesting (`{"request": {"uri": …}}` as Caddy writes). */
function collectFields(object: Record<string, unknown>, into: Partial<Record<Field, unknown>>, depth: number): void {
  for (const [key, value] of Object.entries(object)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      if (depth === 0) collectFields(value as Record<string, unknown>, into, 1);
      continue;
    }
    const field = FIELD_OF_NAME.get(normaliseName(key));
    if (field === undefined || into[field] !== undefined) continue;
    if (field === 'time' && timeOf(value) === null) continue;
    if (field === 'path' && typeof value === 'string' && !value.startsWith('/') && !/^(https?:\/\/|[A-Z]+ \/)/i.test(value)) continue;
    into[field] = Array.isArray(value) ? value[0] : value;
  }
}

function timeOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    // Seconds or milliseconds (or nanoseconds, as Cloudflare writes) since the epoch, from 2000 on.
    const ms = value > 1e17 ? value / 1e6 : value > 1e12 ? value : value > 9.4e8 ? value * 1000 : NaN;
    return Number.isFinite(ms) ? ms : null;
  }
  if (typeof value !== 'string' || value.length < 8) return null;
  const clf = clfTime(value);
  if (clf !== null) return clf;
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const parsed = Date.parse(value.includes('T') || !value.includes(' ') ? value : value.replace(' ', 'T'));
  return Number.isNaN(parsed) ? null : parsed;
}

function requestOf(fields: Partial<Record<Field, unknown>>): LogRequest | undefined {
  let target = fields.path;
  let method = typeof fields.method === 'string' ? fields.method.toUpperCase() : '';
  // A whole request line ("GET /a HTTP/1.1") where a path was expected.
  if (typeof target === 'string') {
    const requestLine = /^([A-Z]{3,10}) (\S+)/.exec(target);
    if (requestLine) {
      method ||= requestLine[1]!;
      target = requestLine[2];
    }
  }
  const status = Number(fields.status);
  if (typeof target !== 'string' || target === '' || !Number.isInteger(status) || status < 100 || status > 599) return undefined;
  const bytes = Number(fields.bytes);
  return {
    address: typeof fields.address === 'string' ? fields.address.split(',')[0]!.trim() : '',
    time: timeOf(fields.time),
    method: method || 'GET',
    path: pathOf(target),
    status,
    bytes: Number.isFinite(bytes) && bytes > 0 ? bytes : 0,
    userAgent: typeof fields.userAgent === 'string' ? fields.userAgent : '',
  };
}

/** Splits one CSV line (RFC 4180 quoting; a field may not hold a line break). */
export function csvFields(line: string): string[] | undefined {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  while (index < line.length) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else {
      field += char;
    }
    index++;
  }
  if (quoted) return undefined;
  fields.push(field.replace(/\r$/, ''));
  return fields;
}

/** A CSV header's columns by field; undefined when it names no path and status column. */
export function csvColumns(header: string): Partial<Record<Field, number>> | undefined {
  const names = csvFields(header);
  if (!names) return undefined;
  const columns: Partial<Record<Field, number>> = {};
  names.forEach((name, index) => {
    const field = FIELD_OF_NAME.get(normaliseName(name));
    if (field !== undefined && columns[field] === undefined) columns[field] = index;
  });
  return columns.path !== undefined && columns.status !== undefined ? columns : undefined;
}

export function parseCsvLine(line: string, columns: Partial<Record<Field, number>>): LogRequest | undefined {
  const values = csvFields(line);
  if (!values) return undefined;
  const fields: Partial<Record<Field, unknown>> = {};
  for (const [field, index] of Object.entries(columns) as [Field, number][]) {
    const value = values[index];
    if (value !== undefined && value !== '') fields[field] = field === 'time' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return requestOf(fields);
}

/**
 * Reads lines of one format, chosen from the first line that any format reads (a CSV file's
 * first line is its header). Lines that do not read in that format are malformed.
 */
export class LogLineReader {
  private format: CrawlerLogFormat | undefined;
  private columns: Partial<Record<Field, number>> | undefined;

  get detected(): CrawlerLogFormat | undefined {
    return this.format;
  }

  /** The request on the line; null for the CSV header; undefined for a line no format reads. */
  read(line: string): LogRequest | null | undefined {
    switch (this.format) {
      case 'combined':
        return parseCombined(line);
      case 'json':
        return parseJsonLine(line);
      case 'csv':
        return parseCsvLine(line, this.columns!);
      case undefined:
        return this.detect(line);
    }
  }

  private detect(line: string): LogRequest | null | undefined {
    const trimmed = line.trimStart();
    if (trimmed.startsWith('{')) {
      const request = parseJsonLine(trimmed);
      if (request) this.format = 'json';
      return request;
    }
    const combined = parseCombined(line);
    if (combined) {
      this.format = 'combined';
      return combined;
    }
    const columns = csvColumns(line.replace(/^\uFEFF/, ''));
    if (columns) {
      this.format = 'csv';
      this.columns = columns;
      return null;
    }
    return undefined;
  }
}
