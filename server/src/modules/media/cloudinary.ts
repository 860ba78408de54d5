import { createHash } from 'node:crypto';
import type { CloudinarySignature } from '@contracts/upload';

export interface CloudinaryConfig {
  apiKey: string;
  apiSecret: string;
  cloudName: string;
  apiBase: string;
}

export const CLOUDINARY_FOLDER = 'vehicle-videos';
export const CLOUDINARY_EAGER = 'c_thumb,w_300,h_200';

/**
 * Cloudinary's signature (docs/wire-formats.md): every signed parameter sorted by name, joined as
 * name=value with '&', the API secret appended, SHA-1 hex. The secret never leaves the server.
 */
export function cloudinarySignature(params: Record<string, string | number>, apiSecret: string): string {
  const payload = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('sha1')
    .update(payload + apiSecret)
    .digest('hex');
}

export function signVideoUpload(config: CloudinaryConfig, now = Date.now()): CloudinarySignature {
  const timestamp = Math.floor(now / 1000);
  const signature = cloudinarySignature(
    { eager: CLOUDINARY_EAGER, folder: CLOUDINARY_FOLDER, timestamp },
    config.apiSecret,
  );
  return {
    timestamp,
    signature,
    api_key: config.apiKey,
    folder: CLOUDINARY_FOLDER,
    resource_type: 'video',
    eager: CLOUDINARY_EAGER,
    cloud_name: config.cloudName,
    upload_url: `${config.apiBase}/v1_1/${encodeURIComponent(config.cloudName)}/video/upload`,
  };
}
