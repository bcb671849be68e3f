import net from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` byte for byte and reads the answer until the server closes the connection:
 * fetch and node:http tidy addresses (`//`, `\`) and refuse malformed requests before they leave.
 * Send `Connection: close` when the request is a well-formed one.
 */
export function rawRequest(url: string, request: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    // A guard against a hang only: every answer expected here comes at once.
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no complete answer within 15 s to ${JSON.stringify(request.slice(0, 80))}`)));
    socket.on('connect', () => socket.write(request, 'latin1'));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd < 0) {
        reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
        return;
      }
      const [statusLine = '', ...headerLines] = text.slice(0, headEnd).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(headEnd + 4) });
    });
  });
}

/** A plain GET of `target` exactly as written (no normalisation of slashes or backslashes). */
export function rawGet(url: string, target: string, extraHeaders = ''): Promise<RawAnswer> {
  return rawRequest(url, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`);
}
