/**
 * The incoming-call ringtone through WebAudio (no audio file to ship): two tones of 0.4 s every
 * 2 s until stopped. A browser that keeps audio suspended until the user interacts stays silent;
 * the window still shows.
 */
const PATTERN_MS = 2000;

export class Ringtone {
  private ctx: AudioContext | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  start(): void {
    if (this.timer) return;
    try {
      this.ctx ??= new AudioContext();
      void this.ctx.resume().catch(() => undefined);
    } catch {
      return;
    }
    this.ring();
    this.timer = setInterval(() => this.ring(), PATTERN_MS);
  }

  private ring(): void {
    const ctx = this.ctx;
    if (!ctx || ctx.state !== 'running') return;
    const t0 = ctx.currentTime;
    [440, 480].forEach((freq) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.08, t0);
      gain.gain.setValueAtTime(0, t0 + 0.8);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + 0.8);
    });
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  get ringing(): boolean {
    return this.timer !== null;
  }
}
