import { describe, expect, it } from '@jest/globals';
import Anthropic from '@anthropic-ai/sdk';
import { ApiError, Type } from '@google/genai';
import OpenAI from 'openai';
import { simulatedAuditAnswer, simulatedSemanticExpansion, type RunningModelSimulator } from '../src/index.js';
import { anthropicClient, geminiClient, openAiClient, rejectionOf, TEST_KEY } from './support/sdk-clients.js';
import { simulatorPerFile } from './support/simulator-per-file.js';

let sim: RunningModelSimulator;
simulatorPerFile((started) => {
  sim = started;
});

const semanticExpansionSchema = {
  type: 'object',
  properties: {
    queries: {
      type: 'array',
      items: {
        type: 'object',
        properties: { query: { type: 'string' }, kind: { type: 'string' } },
        required: ['query', 'kind'],
        additionalProperties: false,
      },
    },
  },
  required: ['queries'],
  additionalProperties: false,
};

describe('OpenAI chat completions', () => {
  it('answer a chat.completion object with a json_schema response format', async () => {
    const completion = await openAiClient(sim).chat.completions.create({
      model: 'gpt-4o',
      messages: [
        { role: 'developer', content: 'Expand the keyword. [task:query-fan-out]' },
        { role: 'user', content: [{ type: 'text', text: '<keyword>trail running shoes</keyword>' }] },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'fan_out', strict: true, schema: semanticExpansionSchema } },
    });
    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant' } }],
    });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);
    expect(JSON.parse(completion.choices[0]!.message.content!)).toEqual(simulatedSemanticExpansion('trail running shoes', 'openai'));
  });

  it('label xAI answers as Grok', async () => {
    const completion = await openAiClient(sim, 'xai').chat.completions.create({
      model: 'grok-4',
      messages: [{ role: 'user', content: 'robot vacuum' }],
    });
    expect(completion.choices[0]!.message.content).toBe(simulatedAuditAnswer('xai', 'robot vacuum'));
    expect(completion.choices[0]!.message.content).toContain('Simulated Grok answer');
  });

  it('refuse a request without messages as a 400 BadRequestError', async () => {
    const error = await rejectionOf(openAiClient(sim).chat.completions.create({ model: 'gpt-4o', messages: [] }));
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error' });
  });
});

describe('Anthropic messages', () => {
  it('answer a message object and read system blocks', async () => {
    const message = await anthropicClient(sim).messages.create({
      model: 'claude-sim',
      max_tokens: 512,
      system: [{ type: 'text', text: 'You are a shopping assistant.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'electric toothbrush' }] }],
    });
    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-sim',
      stop_reason: 'end_turn',
      content: [{ type: 'text', text: simulatedAuditAnswer('anthropic', 'electric toothbrush') }],
    });
    expect(message.id).toMatch(/^msg_/);
    expect(message.usage.input_tokens).toBeGreaterThan(0);
  });

  it('answer a forced tool with a tool_use block holding the task JSON', async () => {
    const message = await anthropicClient(sim).messages.create({
      model: 'claude-sim',
      max_tokens: 512,
      system: '[task:query-fan-out]',
      tools: [{ name: 'fan_out', description: 'fan-out', input_schema: semanticExpansionSchema as Anthropic.Tool.InputSchema }],
      tool_choice: { type: 'tool', name: 'fan_out' },
      messages: [{ role: 'user', content: '<keyword>camping stove</keyword>' }],
    });
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content[0]).toMatchObject({ type: 'tool_use', name: 'fan_out', input: simulatedSemanticExpansion('camping stove', 'anthropic') });
  });

  it('refuse a request without max_tokens as a 400 in the Anthropic shape', async () => {
    const response = await fetch(`${sim.baseUrls.anthropic}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': TEST_KEY },
      body: JSON.stringify({ model: 'claude-sim', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });
});

describe('Gemini generateContent', () => {
  it('answer candidates with a response schema on the v1 API as well', async () => {
    const response = await geminiClient(sim, 'v1').models.generateContent({
      model: 'gemini-2.5-flash',
      contents: '<keyword>sourdough starter</keyword>',
      config: {
        systemInstruction: '[task:query-fan-out]',
        responseMimeType: 'application/json',
        responseSchema: {
          type: Type.OBJECT,
          properties: {
            queries: {
              type: Type.ARRAY,
              items: { type: Type.OBJECT, properties: { query: { type: Type.STRING }, kind: { type: Type.STRING } } },
            },
          },
        },
      },
    });
    expect(response.candidates?.[0]).toMatchObject({ finishReason: 'STOP', index: 0, content: { role: 'model' } });
    expect(response.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
    expect(JSON.parse(response.text ?? '')).toEqual(simulatedSemanticExpansion('sourdough starter', 'gemini'));
  });

  it('answer an unknown path under the Gemini prefix with a 404 in the Google shape', async () => {
    const error = await rejectionOf(geminiClient(sim).models.countTokens({ model: 'gemini-sim', contents: 'hello' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404 });
  });

  it('refuse a body that is not JSON', async () => {
    const response = await fetch(`${sim.baseUrls.gemini}/v1beta/models/gemini-sim:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': TEST_KEY },
      body: '{"contents": [',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });
});
