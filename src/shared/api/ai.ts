/** Wire shapes of the AI text assistant (`POST /api/openai/text`, spec sections 7 and 9). */

/** The prompts the assistant knows; anything else is a custom prompt that must contain `{text}`. */
export const AI_PROMPTS = ['shorten', 'enhance', 'description'] as const;
export type AiPreset = (typeof AI_PROMPTS)[number];

export const AI_PROMPT_LABELS: Record<AiPreset, string> = {
  shorten: 'Shorten',
  enhance: 'More professional',
  description: 'Description (160 characters)',
};

/** The placeholder of a custom prompt that the text replaces. */
export const AI_TEXT_PLACEHOLDER = '{text}';
/** Spec section 9: a description stays within 160 characters (the server enforces it). */
export const AI_DESCRIPTION_MAX = 160;
/** Largest text and custom prompt the server accepts. */
export const AI_TEXT_MAX = 20_000;
export const AI_PROMPT_MAX = 2_000;
/** Requests per user and minute. */
export const AI_REQUESTS_PER_MINUTE = 20;

export interface AiTextBody {
  text: string;
  /** A preset name or a custom prompt containing `{text}`. */
  prompt: string;
}

export interface AiTextAnswer {
  text: string;
}

/**
 * The 503 while no AI endpoint is set up, by who asks: who manages the backend (`manage:backend`) learns how to
 * set it up; everyone else, who cannot act on the server's environment, whom to ask.
 */
export const AI_NOT_SET_UP = {
  backend: "The AI assistant is not set up: set OPENAI_API_KEY in the server's environment and restart it",
  staff: 'The AI assistant is not set up yet: ask your administrator',
} as const;

/** Shortens to at most `max` characters at a word boundary, ending with an ellipsis when cut. */
export function clampText(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}
