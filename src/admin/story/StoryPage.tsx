import { Play, RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { STORY_FRAMES } from '../../shared/api/story';
import { documentTitle } from '../../shared/admin/titles';
import { Button } from '../ui/Button';
import { Logo } from '../ui/Logo';
import { Spinner } from '../ui/Spinner';
import { useStoryPreview, type StoryPreviewController } from './useStoryPreview';

function AddressForm({ story }: { story: StoryPreviewController }) {
  const [draft, setDraft] = useState(story.url ?? '');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setDraft(story.url ?? ''), [story.url]);
  return (
    <form
      className="order-last flex min-w-0 basis-full items-center gap-2 sm:order-none sm:flex-1 sm:basis-auto"
      onSubmit={(event) => {
        event.preventDefault();
        setInvalid(!story.open(draft));
      }}
    >
      <label htmlFor="story-url" className="sr-only">
        Address
      </label>
      <input
        id="story-url"
        type="url"
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setInvalid(false);
        }}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? 'story-url-error' : undefined}
        className={`h-8 min-w-0 flex-1 rounded-md border bg-white px-2.5 font-mono text-xs text-zinc-800 focus:ring-2 focus:outline-none ${invalid ? 'border-red-400 focus:ring-red-500/20' : 'border-zinc-300 focus:border-accent-600 focus:ring-accent-600/20'}`}
      />
      {invalid && (
        <span id="story-url-error" role="alert" className="text-xs text-red-600 max-sm:hidden">
          Enter an http(s) address
        </span>
      )}
      <Button type="submit">Open</Button>
    </form>
  );
}

/** Route `/_/story` (standalone, outside the admin layout): the scroll-animation preview of the page under development. */
export default function StoryPage() {
  const story = useStoryPreview();
  useEffect(() => {
    document.title = documentTitle('Story');
  }, []);
  return (
    <div className="flex h-dvh flex-col bg-zinc-100">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-zinc-200 bg-white px-3 py-2">
        <Link to="/_" className="flex items-center gap-2 text-sm font-semibold text-zinc-900" title="Back to the admin">
          <Logo className="size-6" />
          <span>Story</span>
        </Link>
        <AddressForm story={story} />
        <div className="ml-auto flex items-center gap-2 sm:ml-0">
          <span
            data-testid="story-frame"
            className="text-right text-xs text-zinc-500 tabular-nums sm:w-14"
            aria-label={`Frame ${story.frame} of ${STORY_FRAMES}`}
          >
            {story.frame}/{STORY_FRAMES}
          </span>
          <div className="h-1.5 w-24 overflow-hidden rounded-full bg-zinc-200" aria-hidden>
            <div className="h-full bg-accent-600" style={{ width: `${(story.frame / STORY_FRAMES) * 100}%` }} />
          </div>
          <Button
            variant="primary"
            onClick={story.replay}
            disabled={story.reachability !== 'ok' || story.playing}
            aria-label="Replay"
          >
            <Play aria-hidden className="size-4" />
            REPLAY
          </Button>
        </div>
      </header>
      <main className="relative min-h-0 flex-1">
        {story.loadingConfig || (story.reachability === 'checking' && !story.url) ? (
          <div className="flex h-full items-center justify-center">
            <Spinner className="size-6" />
          </div>
        ) : story.reachability === 'down' ? (
          <div className="flex h-full items-center justify-center p-6">
            <div
              role="alert"
              className="max-w-md rounded-lg border border-amber-200 bg-white p-5 text-center text-[13px] text-zinc-700 shadow-xs"
            >
              <TriangleAlert aria-hidden className="mx-auto mb-2 size-6 text-amber-500" />
              <p className="font-medium text-zinc-900">Nothing answers at {story.url}</p>
              <p className="mt-1 text-zinc-500">
                Start the development server there (for example <code className="font-mono">npx vite</code>) or change
                the address above.
              </p>
              <Button className="mt-4" onClick={story.retry}>
                <RefreshCw aria-hidden className="size-4" />
                Try again
              </Button>
            </div>
          </div>
        ) : story.url && story.reachability === 'ok' ? (
          <iframe
            key={story.url}
            ref={story.frameRef}
            title="Story preview"
            src={story.url}
            onLoad={story.onLoad}
            className="absolute inset-0 size-full border-0 bg-white"
          />
        ) : (
          <div className="flex h-full items-center justify-center">
            <Spinner className="size-6" />
          </div>
        )}
      </main>
    </div>
  );
}
