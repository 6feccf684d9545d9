import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { isValidKey } from './signing.ts';
import type { Storage } from './storage.ts';

type S3Config = NonNullable<Config['s3']>;

/** Builds the S3 client; checksums only when required, because many S3-compatible stores reject the new defaults. */
export function s3Client(cfg: S3Config): S3Client {
  const options: S3ClientConfig = {
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: cfg.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (cfg.accessKeyId && cfg.secretAccessKey) {
    options.credentials = { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey };
  }
  return new S3Client(options);
}

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * S3-compatible storage. Uploads stream through multipart upload (an object appears only when complete);
 * protected files are handed out as presigned GET URLs.
 */
export function s3Storage(cfg: S3Config, client: S3Client = s3Client(cfg)): Storage {
  const Bucket = cfg.bucket;
  return {
    kind: 's3',
    async put(key, body: Readable, contentType) {
      if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
      });
      await upload.done();
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0) };
    },
    async stat(key) {
      if (!isValidKey(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: Number(head.ContentLength ?? 0),
          etag: head.ETag ?? `"${key}"`,
          lastModified: head.LastModified ?? new Date(0),
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async read(key, range) {
      const res = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return res.Body as Readable;
    },
    async delete(key) {
      if (isValidKey(key)) await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    // S3 cannot bind a presigned URL to our viewer; it expires like ours do.
    async signedUrl(key, _viewerId, ttlSeconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: ttlSeconds });
    },
    async *list(folder) {
      for await (const page of paginateListObjectsV2(
        { client },
        { Bucket, Prefix: `${folder}/`, Delimiter: '/' },
      )) {
        for (const o of page.Contents ?? []) {
          if (o.Key) yield { key: o.Key, lastModified: o.LastModified ?? new Date() };
        }
      }
    },
    keyFromForeignUrl(url) {
      if (!url.searchParams.has('X-Amz-Signature')) return null;
      const p = url.pathname;
      let key: string | null = null;
      if (p.startsWith(`/${Bucket}/`)) key = p.slice(Bucket.length + 2);
      else if (url.hostname.startsWith(`${Bucket}.`)) key = p.slice(1);
      if (key === null) return null;
      try {
        key = decodeURIComponent(key);
      } catch {
        return null;
      }
      return isValidKey(key) ? key : null;
    },
  };
}
