// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OtherUserFrames } from '../upload/frameStore';
import { IDLE_UPLOAD, type UploadState } from '../upload/uploader';
import { LoggingCard, uploadNews } from './LoggingCard';
import type { DiagnosticsController } from './useDiagnostics';

const idle = IDLE_UPLOAD;

/** The card as the page draws it, not connected, with this upload state. */
const renderCard = (upload: Partial<UploadState>, otherUsers: OtherUserFrames[] = []) =>
  render(
    <LoggingCard
      controller={
        {
          phase: 'disconnected',
          ecuStatus: { state: 'waiting' },
          logging: false,
          mode: 'persist',
          rate: 0,
          position: { status: 'off', data: {} },
          upload: { ...idle, ...upload },
          otherUsers,
          setLogging: () => {},
          changeMode: async () => {},
          resumeUpload: () => {},
        } as unknown as DiagnosticsController
      }
    />,
  );

afterEach(cleanup);

describe('the Logging card', () => {
  it('says how many frames of an earlier session are being uploaded, then that they were', () => {
    renderCard({ queued: 1, earlierWaiting: 1 });
    expect(screen.getByRole('status', { name: 'Earlier session' }).textContent).toBe(
      '1 frame from an earlier session is being uploaded.',
    );
    cleanup();
    renderCard({ queued: 240, earlierWaiting: 240 });
    expect(screen.getByRole('status', { name: 'Earlier session' }).textContent).toBe(
      '240 frames from an earlier session are being uploaded.',
    );
    cleanup();
    renderCard({ sent: 240, earlierSent: 240 });
    expect(screen.getByRole('status', { name: 'Earlier session' }).textContent).toBe(
      '240 frames from an earlier session were uploaded.',
    );
  });

  it('says that another tab uploads the frames logged here, while it does', () => {
    renderCard({ queued: 12, sent: 40, otherTab: true });
    expect(screen.getByRole('status', { name: 'Other tab' }).textContent).toBe(
      'Another Simos Web tab in this browser uploads the frames logged here.',
    );
    cleanup();
    renderCard({ queued: 12, sent: 40 });
    expect(screen.queryByRole('status', { name: 'Other tab' })).toBeNull();
  });

  it('says whose frames of other users wait in this browser, and that they go when those users log in here', () => {
    const others = () =>
      [...screen.getByRole('status', { name: "Other users' frames" }).querySelectorAll('p')].map((p) => p.textContent);
    renderCard({}, [{ login: 'anna', frames: 240 }]);
    expect(others()).toEqual([
      '240 frames logged by anna wait in this browser and are uploaded when anna logs in here again.',
    ]);
    cleanup();
    // A store of an earlier version does not know its user.
    renderCard({ queued: 3 }, [{ login: 'marco', frames: 1 }, { frames: 7 }]);
    expect(others()).toEqual([
      '1 frame logged by marco waits in this browser and is uploaded when marco logs in here again.',
      '7 frames logged by another user wait in this browser and are uploaded when they log in here again.',
    ]);
    cleanup();
    renderCard({ queued: 3 });
    expect(screen.queryByRole('status', { name: "Other users' frames" })).toBeNull();
  });

  it('says how many frames were dropped unsent and why', () => {
    renderCard({ queued: 12_000, dropped: 37 });
    expect(screen.getByRole('alert', { name: 'Dropped frames' }).textContent).toBe(
      'The oldest 37 frames were dropped unsent: at most 12000 frames (10 minutes of logging) wait for the upload.',
    );
    expect(screen.queryByRole('status', { name: 'Earlier session' })).toBeNull();
  });

  it('says how many frames the server refused, once the failure that said why is over', () => {
    renderCard({ sent: 40, refused: 3, error: { message: 'frames[2]: data.n: must be a number', status: 400 } });
    expect(screen.getByRole('alert', { name: 'Upload' }).textContent).toBe(
      'Upload failed: frames[2]: data.n: must be a number. The refused frames are left out; the others are uploaded.',
    );
    expect(screen.queryByRole('status', { name: 'Refused frames' })).toBeNull();
    cleanup();
    renderCard({ sent: 40, refused: 1 });
    expect(screen.getByRole('status', { name: 'Refused frames' }).textContent).toBe(
      '1 frame was refused by the server and left out.',
    );
    cleanup();
    // Another tab uploads: what it refused of this tab's frames is said here too, with the note.
    renderCard({ refused: 3, otherTab: true });
    expect(screen.getByRole('status', { name: 'Refused frames' }).textContent).toBe(
      '3 frames were refused by the server and left out.',
    );
    expect(screen.getByRole('status', { name: 'Other tab' })).toBeTruthy();
  });

  it('is shown without a connection only while the upload has something to say', () => {
    expect(uploadNews(idle)).toBe(false);
    expect(uploadNews({ ...idle, sent: 300 })).toBe(false);
    expect(uploadNews({ ...idle, queued: 3 })).toBe(true);
    expect(uploadNews({ ...idle, dropped: 3 })).toBe(true);
    expect(uploadNews({ ...idle, refused: 3 })).toBe(true);
    expect(uploadNews({ ...idle, earlierSent: 3 })).toBe(true);
    expect(uploadNews({ ...idle, error: { message: 'Network error', status: 0 } })).toBe(true);
    expect(uploadNews(idle, [{ login: 'anna', frames: 240 }])).toBe(true);
  });
});
