/**
 * The alert for a new inbound message on a ticket not in focus: a short beep made with WebAudio
 * (no sound file) and a browser notification. Browsers allow both only after a user gesture: the
 * audio is unlocked by the first click on the page, notifications by the bell menu's button.
 */
const SOUND_KEY = 'prosa-desk-sound';
let audio: AudioContext | null = null;

export function soundEnabled(): boolean {
  return localStorage.getItem(SOUND_KEY) !== 'off';
}

export function setSoundEnabled(on: boolean): void {
  localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
}

/** Creates (or wakes) the audio context; call it from a user gesture. */
export function unlockAudio(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    // No WebAudio in this browser: alerts stay silent.
  }
}

if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', unlockAudio, { once: true, capture: true });
  document.addEventListener('keydown', unlockAudio, { once: true, capture: true });
}

/** Two quick rising tones, about a quarter of a second. */
export function beep(): void {
  if (!audio || !soundEnabled()) return;
  const now = audio.currentTime;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = 'sine';
  osc.frequency.setValueAtTime(880, now);
  osc.frequency.setValueAtTime(1320, now + 0.1);
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.18, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.26);
  osc.connect(gain).connect(audio.destination);
  osc.start(now);
  osc.stop(now + 0.28);
}

export type NotifyPermission = NotificationPermission | 'unsupported';

export function notificationPermission(): NotifyPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Must run inside a click handler: browsers ignore permission requests without a gesture. */
export async function askNotificationPermission(): Promise<NotifyPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  unlockAudio();
  return Notification.requestPermission();
}

export function showNotification(title: string, body: string, tag: string, onClick: () => void): void {
  if (notificationPermission() !== 'granted') return;
  try {
    const n = new Notification(title, { body, tag, silent: true });
    n.onclick = () => {
      window.focus();
      onClick();
      n.close();
    };
  } catch {
    // Some browsers only allow notifications from a service worker; the beep still plays.
  }
}
