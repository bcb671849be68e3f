import sharp from 'sharp';

/**
 * A deterministic stand-in for a phone photo of about 9.5 MB (5200 × 3900 JPEG, quality 93):
 * detail at several scales and sensor grain in the brightness, smooth colour, as in real
 * photographs, whose colour varies far more slowly than their light. Pure noise would be an
 * unfairly hard case for any JPEG encoder, a flat picture an unfairly easy one.
 */
const WIDTH = 5200;
const HEIGHT = 3900;
const QUALITY = 93;
const GRAIN = 16;

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296;
}

/** Random values on a coarse grid, smoothly interpolated up to the full size by sharp. */
async function smoothNoise(random: () => number, cellsAcross: number, channels: 1 | 3): Promise<Buffer> {
  const width = cellsAcross;
  const height = Math.round((cellsAcross * HEIGHT) / WIDTH);
  const cells = Buffer.alloc(width * height * channels);
  for (let index = 0; index < cells.length; index++) cells[index] = Math.floor(random() * 256);
  return sharp(cells, { raw: { width, height, channels } }).resize(WIDTH, HEIGHT, { kernel: 'cubic' }).raw().toBuffer();
}

export async function photoLikeJpeg(): Promise<Buffer> {
  const random = seededRandom(20_251_121);
  const colour = await smoothNoise(random, 8, 3);
  const light = [
    { noise: await smoothNoise(random, 16, 1), weight: 0.9 },
    { noise: await smoothNoise(random, 80, 1), weight: 0.5 },
    { noise: await smoothNoise(random, 400, 1), weight: 0.3 },
    { noise: await smoothNoise(random, 1600, 1), weight: 0.2 },
  ];
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let pixel = 0, index = 0; pixel < WIDTH * HEIGHT; pixel++, index += 3) {
    let brightness = (random() - 0.5) * GRAIN;
    for (const { noise, weight } of light) brightness += weight * (noise[pixel]! - 128);
    for (let channel = 0; channel < 3; channel++) {
      const value = 128 + brightness + 0.6 * (colour[index + channel]! - 128);
      pixels[index + channel] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: QUALITY, chromaSubsampling: '4:4:4' })
    .toBuffer();
}
