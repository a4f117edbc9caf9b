import { describe, expect, it } from 'vitest';
import { readAnswer, richTextToPlain } from './typebot-answer.js';

// Bubble and input shapes from https://docs.typebot.io/api-reference/chat/continue-chat
// (packages/chat-api/src/schemas.ts in baptisteArno/typebot.io).
describe('a Typebot answer as replies', () => {
  it('flattens rich text: paragraphs as lines, inline marks and variables as their text', () => {
    const rich = [
      { type: 'p', children: [{ text: 'Olá ' }, { text: 'Ana', bold: true }, { text: '!' }] },
      { type: 'p', children: [{ type: 'inline-variable', children: [{ type: 'p', children: [{ text: 'R$ 10' }] }] }] },
      { type: 'p', children: [{ type: 'a', url: 'https://example.com', children: [{ text: 'site' }] }] },
    ];
    expect(richTextToPlain(rich)).toBe('Olá Ana!\nR$ 10\nsite');
  });

  it('relays markdown, audio, a video file, a YouTube video and an embed; the #handover bubble hands over unsaid', () => {
    const read = readAnswer({
      messages: [
        { type: 'text', content: { type: 'markdown', markdown: '**Oi**' } },
        { type: 'audio', content: { url: 'https://cdn.example.com/a/hello.mp3' } },
        { type: 'video', content: { type: 'url', url: 'https://cdn.example.com/v/tour.mp4' } },
        { type: 'video', content: { type: 'youtube', url: 'https://youtu.be/abc' } },
        { type: 'embed', content: { url: 'https://maps.example.com/x' } },
        { type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text: '#HANDOVER' }] }] } },
      ],
    });
    expect(read.replies).toEqual([
      { kind: 'text', body: '**Oi**' },
      { kind: 'media', mediaUrl: 'https://cdn.example.com/a/hello.mp3', caption: '', name: 'hello.mp3', type: 'audio' },
      { kind: 'media', mediaUrl: 'https://cdn.example.com/v/tour.mp4', caption: '', name: 'tour.mp4', type: 'video' },
      { kind: 'text', body: 'https://youtu.be/abc' },
      { kind: 'text', body: 'https://maps.example.com/x' },
    ]);
    expect(read).toMatchObject({ handover: true, waiting: false, choices: [] });
  });

  it('offers picture choices by their titles, and choices without a question with an empty body', () => {
    const read = readAnswer({
      messages: [{ type: 'image', content: { url: 'https://cdn.example.com/menu.png' } }],
      input: { type: 'picture choice input', items: [{ title: 'Pão' }, { title: 'Bolo' }] },
    });
    expect(read.replies.at(-1)).toEqual({ kind: 'buttons', body: '', buttons: ['Pão', 'Bolo'] });
    expect(read).toMatchObject({ waiting: true, handover: false, choices: ['Pão', 'Bolo'] });
  });
});
