import { useCallback, useEffect, useRef, useState } from 'react';
import { STORY_FPS, STORY_FRAME_TYPE, STORY_FRAMES, type StoryFrameMessage } from '../../shared/api/story';
import { useStoryConfigQuery } from '../core/data/operations';

const URL_KEY = 'baukasten.story.url';
const CHECK_TIMEOUT_MS = 3000;

export type Reachability = 'checking' | 'ok' | 'down';

const stored = () => {
  try {
    return localStorage.getItem(URL_KEY) ?? undefined;
  } catch {
    return undefined;
  }
};

/** An http(s) address, or undefined. */
export function validStoryUrl(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Does anything answer at `url`? A no-cors request resolves for any answer and fails when nobody listens. */
async function answers(url: string): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CHECK_TIMEOUT_MS);
  try {
    await fetch(url, { mode: 'no-cors', cache: 'no-store', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The story preview (spec section 9): the development page in an iframe, driven at 60 frames per second over
 * 1.5 s — every frame posts its progress to the page — replayable, at an address the user may change (kept in
 * the browser), with a message when nothing answers there.
 */
export function useStoryPreview() {
  const config = useStoryConfigQuery();
  const [custom, setCustom] = useState(stored);
  const url = custom ?? config.data?.url;
  const [reachability, setReachability] = useState<Reachability>('checking');
  const [frame, setFrame] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [checks, setChecks] = useState(0);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const animation = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!url) return;
    let current = true;
    setReachability('checking');
    void answers(url).then((ok) => current && setReachability(ok ? 'ok' : 'down'));
    return () => {
      current = false;
    };
  }, [url, checks]);

  const play = useCallback(() => {
    const target = frameRef.current?.contentWindow;
    if (!target || !url) return;
    if (animation.current !== undefined) cancelAnimationFrame(animation.current);
    const origin = new URL(url).origin;
    let start: number | undefined;
    let sent = -1;
    setPlaying(true);
    const step = (now: number) => {
      start ??= now;
      // Every frame is posted once and in order, also when the browser skipped one.
      const due = Math.min(STORY_FRAMES, Math.floor(((now - start) / 1000) * STORY_FPS));
      while (sent < due) {
        sent += 1;
        const message: StoryFrameMessage = {
          type: STORY_FRAME_TYPE,
          frame: sent,
          frames: STORY_FRAMES,
          progress: sent / STORY_FRAMES,
        };
        target.postMessage(message, origin);
      }
      setFrame(sent);
      if (sent < STORY_FRAMES) animation.current = requestAnimationFrame(step);
      else {
        animation.current = undefined;
        setPlaying(false);
      }
    };
    animation.current = requestAnimationFrame(step);
  }, [url]);

  useEffect(() => () => (animation.current === undefined ? undefined : cancelAnimationFrame(animation.current)), []);

  return {
    url,
    loadingConfig: config.isLoading,
    reachability,
    frame,
    playing,
    frameRef,
    /** The iframe loaded: play from the top. */
    onLoad: play,
    replay: play,
    retry: () => setChecks((n) => n + 1),
    /** Opens another address (answers false when it is not an http(s) URL). */
    open(value: string): boolean {
      const next = validStoryUrl(value);
      if (!next) return false;
      try {
        localStorage.setItem(URL_KEY, next);
      } catch {
        // not kept: still opened
      }
      setCustom(next);
      setChecks((n) => n + 1);
      return true;
    },
  };
}

export type StoryPreviewController = ReturnType<typeof useStoryPreview>;
