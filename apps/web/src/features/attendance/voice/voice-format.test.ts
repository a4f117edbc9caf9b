import { describe, expect, it } from 'vitest';
import { formatElapsed, isVoiceNote } from './voice-format';

describe('voice notes on the desk', () => {
  it('shows the running time as m:ss', () => {
    expect([0, 999, 7_400, 83_000, 725_000, -5].map(formatElapsed)).toEqual([
      '0:00',
      '0:00',
      '0:07',
      '1:23',
      '12:05',
      '0:00',
    ]);
  });

  it('tells a voice note (OGG/Opus, as recorded or received from WhatsApp) from other audio', () => {
    expect(['audio/ogg; codecs=opus', 'audio/ogg', 'audio/opus'].every(isVoiceNote)).toBe(true);
    expect(['audio/mpeg', 'audio/mp4', 'video/ogg', 'audio/oggx', null, undefined, ''].some(isVoiceNote)).toBe(false);
  });
});
