import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The cars a served video (or its poster) belongs to: the listings naming its URL among their
 * walkaround videos or posters. [] for a video of no listing (a claim's, an upload not yet used).
 */
export async function carsShowingVideo(db: Executor, url: string): Promise<number[]> {
  const result = (await db.execute(sql`
    select id from vehicles where ${url} = any(videos) or ${url} = any(video_thumbnails)
  `)) as unknown as { rows: { id: number | string }[] };
  return result.rows.map((row) => Number(row.id));
}
