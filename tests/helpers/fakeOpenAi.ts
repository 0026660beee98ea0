import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  authorization?: string;
  body: { model: string; messages: { role: string; content: string }[]; [key: string]: unknown };
}

type Behaviour =
  | { kind: 'answer'; text: (request: ChatRequest) => string }
  | { kind: 'error'; status: number; message: string }
  | { kind: 'hang' };

/**
 * A local OpenAI-compatible endpoint: `POST /v1/chat/completions` with bearer auth, answering like the real API
 * (a `chat.completion` object, or `{ error: { message, type, code } }` with its status).
 */
export class FakeOpenAi {
  readonly requests: ChatRequest[] = [];
  behaviour: Behaviour = { kind: 'answer', text: () => 'Kurzer Text.' };
  private server?: http.Server;
  private readonly hanging = new Set<http.ServerResponse>();

  constructor(readonly apiKey = 'sk-test-fake') {}

  /** Answers the `OPENAI_BASE_URL` to use. */
  async start(): Promise<string> {
    this.server = http.createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, message: string, type: string, code: string | null) =>
      send(status, { error: { message, type, param: null, code } });
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions')
      return error(
        404,
        `Unknown request URL: ${request.method} ${request.url}`,
        'invalid_request_error',
        'unknown_url',
      );
    if (request.headers.authorization !== `Bearer ${this.apiKey}`)
      return error(401, 'Incorrect API key provided', 'invalid_request_error', 'invalid_api_key');
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest['body'];
    const chat: ChatRequest = { authorization: request.headers.authorization, body };
    this.requests.push(chat);
    const behaviour = this.behaviour;
    if (behaviour.kind === 'hang') {
      this.hanging.add(response);
      return;
    }
    if (behaviour.kind === 'error') return error(behaviour.status, behaviour.message, 'server_error', null);
    const content = behaviour.text(chat);
    send(200, {
      id: `chatcmpl-${this.requests.length}`,
      object: 'chat.completion',
      created: 1_767_225_600,
      model: body.model,
      choices: [
        { index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 },
    });
  }
}
