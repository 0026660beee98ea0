import OpenAI from 'openai';
import {
  AI_DESCRIPTION_MAX,
  AI_NOT_SET_UP,
  AI_PROMPTS,
  AI_TEXT_PLACEHOLDER,
  clampText,
  type AiPreset,
} from '../../../shared/api/ai';
import type { Caller } from '../../access/caller';
import type { ServerConfig } from '../../config';
import { badRequest, HttpError } from '../../errors';

/** Spec section 9, AI text prompts: what each preset asks the model for. */
const SYSTEM_PROMPT =
  'You are a writing assistant for the website and documents of a small consulting business in Basel, Switzerland. ' +
  'Answer with the rewritten text only: no introduction, no quotes around it, no explanation. ' +
  'Keep the language of the text (Swiss German spelling: ss instead of ß) and keep Markdown-style inline formatting.';

const PRESET_PROMPTS: Record<AiPreset, string> = {
  shorten: 'Shorten the following text. Keep its meaning, facts and tone.',
  enhance: 'Rewrite the following text to sound more professional, clear and friendly. Keep its meaning and facts.',
  description: `Write a description of the following text for search engines and link previews, within ${AI_DESCRIPTION_MAX} characters, as one sentence.`,
};

export interface AiService {
  /** Rewrites `text`; without an endpoint set up, 503 saying what `caller` can do about it. */
  rewrite(text: string, prompt: string, caller: Caller): Promise<string>;
}

/** The messages of a request: a preset's instruction followed by the text, or a custom prompt with the text in it. */
export function messagesFor(text: string, prompt: string): OpenAI.Chat.ChatCompletionMessageParam[] {
  const preset = (AI_PROMPTS as readonly string[]).includes(prompt) ? (prompt as AiPreset) : undefined;
  if (!preset && !prompt.includes(AI_TEXT_PLACEHOLDER))
    throw badRequest(`prompt must be one of ${AI_PROMPTS.join(', ')} or contain ${AI_TEXT_PLACEHOLDER}`);
  const user = preset ? `${PRESET_PROMPTS[preset]}\n\n${text}` : prompt.split(AI_TEXT_PLACEHOLDER).join(text);
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}

/** The assistant over any OpenAI-compatible chat completions endpoint (`OPENAI_BASE_URL`, `OPENAI_API_KEY`, `OPENAI_MODEL`). */
export function createAiService(
  config: Pick<ServerConfig, 'openaiApiKey' | 'openaiBaseUrl' | 'openaiModel' | 'openaiTimeoutMs'>,
): AiService {
  const client = config.openaiApiKey
    ? new OpenAI({
        apiKey: config.openaiApiKey,
        ...(config.openaiBaseUrl ? { baseURL: config.openaiBaseUrl } : {}),
        timeout: config.openaiTimeoutMs,
        maxRetries: 1,
      })
    : undefined;

  return {
    async rewrite(text, prompt, caller) {
      const messages = messagesFor(text, prompt);
      if (!client)
        throw new HttpError(503, AI_NOT_SET_UP[caller.permissions.has('manage:backend') ? 'backend' : 'staff']);
      let answer: string | null | undefined;
      try {
        const completion = await client.chat.completions.create({
          model: config.openaiModel,
          messages,
          temperature: 0.4,
        });
        answer = completion.choices[0]?.message?.content;
      } catch (error) {
        if (error instanceof OpenAI.APIConnectionTimeoutError)
          throw new HttpError(
            502,
            `The AI endpoint did not answer within ${Math.round(config.openaiTimeoutMs / 1000)} s`,
          );
        if (error instanceof OpenAI.APIError)
          throw new HttpError(
            502,
            `The AI endpoint failed: ${error.status ? `${error.status} ` : ''}${error.error && typeof error.error === 'object' && 'message' in error.error ? String((error.error as { message: unknown }).message) : error.message}`,
          );
        throw new HttpError(502, `The AI endpoint failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      const result = (answer ?? '').trim().replace(/^"(.*)"$/s, '$1');
      if (!result) throw new HttpError(502, 'The AI endpoint answered no text');
      return prompt === 'description' ? clampText(result, AI_DESCRIPTION_MAX) : result;
    },
  };
}
