import { writeFileSync } from 'node:fs';

/**
 * The baseline the gateway is compared with: the same nginx serving the identical bytes as static
 * files. An nginx server block for the gateway's extra configuration.
 */
export function staticBaselineServer(port: number, root: string, defaultType: string): string {
  return `
# Benchmark baseline: the same nginx serving the identical bytes as static files.
server {
    listen ${port};
    server_name _;
    root ${root};
    default_type ${defaultType};
    location / {
        try_files $uri =404;
    }
}
`;
}

/** Writes what the gateway answers at each path into the baseline's file, and checks the baseline serves those bytes. */
export async function mirrorAsStaticFiles(gatewayUrl: string, baselineRoot: string, baselineUrl: string, items: readonly { path: string; file: string }[]): Promise<void> {
  for (const item of items) {
    const body = await (await fetch(`${gatewayUrl}${item.path}`)).text();
    writeFileSync(`${baselineRoot}${item.file}`, body);
    if ((await (await fetch(`${baselineUrl}${item.file}`)).text()) !== body) throw new Error(`the baseline does not serve the bytes of ${item.path}`);
  }
}
