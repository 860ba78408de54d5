import { spawn } from 'node:child_process';

let ffmpegProbe: Promise<boolean> | null = null;
/** Whether `ffmpeg` runs here (asked once): without it, no poster is attempted. */
export const hasFfmpeg = () =>
  (ffmpegProbe ??= new Promise<boolean>((resolve) => {
    const child = spawn('ffmpeg', ['-version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  }));

/** One frame at 1 s, 640 px wide; a missing ffmpeg or an unreadable video just means no poster. */
export function makePoster(video: string, poster: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      ['-v', 'error', '-y', '-ss', '1', '-i', video, '-frames:v', '1', '-vf', 'scale=640:-2', poster],
      { stdio: 'ignore' },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code}`));
    });
  });
}
