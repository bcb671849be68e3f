import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import type { RunningModelSimulator, SimProvider, SimStats } from '../../src/index.js';

export const TEST_KEY = 'sim-test-key';

export interface TestImage {
  mimeType: string;
  bytes: Buffer;
}

export interface Ask {
  system?: string;
  user: string;
  image?: TestImage;
  json?: boolean;
  signal?: AbortSignal;
  /** SDK timeout (openai and anthropic); Gemini uses `signal`. */
  timeoutMs?: number;
}

/** Deterministic bytes that start like a PNG; the simulator never decodes pixels. */
export function fakePng(byteLength: number, seed = 1): TestImage {
  const bytes = Buffer.alloc(byteLength);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  for (let i = 8; i < byteLength; i++) bytes[i] = (i * 31 + seed * 17) % 251;
  return { mimeType: 'image/png', bytes };
}

export function openAiClient(sim: RunningModelSimulator, provider: 'openai' | 'xai' | 'perplexity' = 'openai', timeoutMs = 5_000): OpenAI {
  return new OpenAI({ apiKey: TEST_KEY, baseURL: sim.baseUrls[provider], maxRetries: 0, timeout: timeoutMs });
}

export function anthropicClient(sim: RunningModelSimulator, timeoutMs = 5_000): Anthropic {
  return new Anthropic({ apiKey: TEST_KEY, baseURL: sim.baseUrls.anthropic, maxRetries: 0, timeout: timeoutMs });
}

/**
 * Without retryOptions the SDK makes one attempt per call, as the other two are set up here. Its
 * fetch is given: under jest's module sandbox the SDK cannot find Node's undici dispatcher, which
 * it wraps when it uses the global fetch itself.
 */
export function geminiClient(sim: RunningModelSimulator, apiVersion?: string): GoogleGenAI {
  return new GoogleGenAI({
    apiKey: TEST_KEY,
    httpOptions: { baseUrl: sim.baseUrls.gemini, ...(apiVersion ? { apiVersion } : {}), fetch: (input, init) => fetch(input, init) },
  });
}

/** One question to one simulated provider through its real official SDK; resolves to the answer text. */
export async function ask(sim: RunningModelSimulator, provider: SimProvider, question: Ask): Promise<string> {
  const { system, user, image, json, signal, timeoutMs } = question;
  const base64 = image?.bytes.toString('base64');
  switch (provider) {
    case 'openai':
    case 'xai':
    case 'perplexity': {
      const completion = await openAiClient(sim, provider, timeoutMs).chat.completions.create(
        {
          model: provider === 'openai' ? 'gpt-4o' : provider === 'xai' ? 'grok-sim' : 'sonar',
          // Sonar searches unless told not to; a plain question is asked with search off.
          ...(provider === 'perplexity' ? ({ disable_search: true } as object) : {}),
          messages: [
            ...(system !== undefined ? [{ role: 'system' as const, content: system }] : []),
            {
              role: 'user',
              content: image
                ? [
                    { type: 'text', text: user },
                    { type: 'image_url', image_url: { url: `data:${image.mimeType};base64,${base64}` } },
                  ]
                : user,
            },
          ],
          ...(json ? { response_format: { type: 'json_object' as const } } : {}),
        },
        { signal },
      );
      return completion.choices[0]?.message.content ?? '';
    }
    case 'anthropic': {
      const message = await anthropicClient(sim, timeoutMs).messages.create(
        {
          model: 'claude-sim',
          max_tokens: 1024,
          ...(system !== undefined ? { system } : {}),
          messages: [
            {
              role: 'user',
              content: image
                ? [
                    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: base64! } },
                    { type: 'text', text: user },
                  ]
                : user,
            },
          ],
        },
        { signal },
      );
      const first = message.content[0];
      return first?.type === 'text' ? first.text : '';
    }
    case 'gemini': {
      const response = await geminiClient(sim).models.generateContent({
        model: 'gemini-sim',
        contents: [
          {
            role: 'user',
            parts: [{ text: user }, ...(image ? [{ inlineData: { mimeType: image.mimeType, data: base64! } }] : [])],
          },
        ],
        config: {
          ...(system !== undefined ? { systemInstruction: system } : {}),
          ...(json ? { responseMimeType: 'application/json' } : {}),
          ...(signal ? { abortSignal: signal } : {}),
        },
      });
      return response.text ?? '';
    }
  }
}

/** Polls the simulator's stats until `check` holds (or fails after `timeoutMs`). */
export async function waitForStats(
  sim: RunningModelSimulator,
  check: (stats: SimStats) => boolean,
  timeoutMs = 3_000,
): Promise<SimStats> {
  const started = Date.now();
  for (;;) {
    const stats = sim.stats();
    if (check(stats)) return stats;
    if (Date.now() - started > timeoutMs) throw new Error(`stats never matched: ${JSON.stringify(stats)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The error a rejected promise carries, for assertions on status and class. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
