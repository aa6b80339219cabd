import { and, count, eq, inArray, isNull, lt } from 'drizzle-orm';
import {
  MAX_REFUND_PHOTO_BYTES,
  REFUND_MESSAGES,
  type RefundPhoto,
  type RefundPhotoType,
} from 'shared-contracts/refunds';
import type { Db } from '../db/database.ts';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../http/errors.ts';
import { type RefundPhotoRow, refundPhotos } from './schema.ts';

/**
 * Photos for refund requests: uploaded as the raw image body, checked by their bytes (a
 * renamed file is refused whatever its Content-Type says), kept in the database and served only to
 * their owner.
 */

/** Photos uploaded but not yet sent with a request, per person. */
export const MAX_PENDING_PHOTOS = 12;
const PENDING_PHOTO_TTL_MS = 24 * 60 * 60 * 1000;

export const photoUrl = (id: string) => `/api/refund-photos/${id}`;

/** The image type the bytes really are, or null. */
export function sniffImageType(bytes: Uint8Array): RefundPhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte)
  ) {
    return 'image/png';
  }
  if (
    bytes.length >= 12 &&
    Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

export function toRefundPhoto(
  row: Pick<RefundPhotoRow, 'id' | 'contentType' | 'sizeBytes'>,
): RefundPhoto {
  return {
    id: row.id,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    url: photoUrl(row.id),
  };
}

export async function uploadRefundPhoto(
  db: Db,
  userId: string,
  input: { contentType: string | undefined; body: Buffer },
): Promise<RefundPhoto> {
  if (input.body.length === 0) throw new BadRequestError(REFUND_MESSAGES.photoEmpty);
  if (input.body.length > MAX_REFUND_PHOTO_BYTES)
    throw new HttpError(413, REFUND_MESSAGES.photoSize);
  const sniffed = sniffImageType(input.body);
  const declared = input.contentType?.split(';')[0]?.trim().toLowerCase();
  if (!sniffed || sniffed !== declared) throw new HttpError(415, REFUND_MESSAGES.photoType);

  return db.transaction(async (tx) => {
    // Uploads nobody sent with a request within a day are dropped.
    await tx
      .delete(refundPhotos)
      .where(
        and(
          eq(refundPhotos.userId, userId),
          isNull(refundPhotos.refundRequestId),
          lt(refundPhotos.createdAt, new Date(Date.now() - PENDING_PHOTO_TTL_MS)),
        ),
      );
    const [pending] = await tx
      .select({ value: count() })
      .from(refundPhotos)
      .where(and(eq(refundPhotos.userId, userId), isNull(refundPhotos.refundRequestId)));
    if ((pending?.value ?? 0) >= MAX_PENDING_PHOTOS) {
      throw new ConflictError(
        'You have uploaded many photos without sending a request. Send your refund request, or try again tomorrow.',
      );
    }
    const [row] = await tx
      .insert(refundPhotos)
      .values({ userId, contentType: sniffed, sizeBytes: input.body.length, image: input.body })
      .returning({
        id: refundPhotos.id,
        contentType: refundPhotos.contentType,
        sizeBytes: refundPhotos.sizeBytes,
      });
    if (!row) throw new Error('Inserting the photo returned no row');
    return toRefundPhoto(row);
  });
}

/** Attaches the caller's pending photos to a request; any id that is not one is a 400. */
export async function attachPhotos(
  tx: Db,
  userId: string,
  refundRequestId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const attached = await tx
    .update(refundPhotos)
    .set({ refundRequestId })
    .where(
      and(
        inArray(refundPhotos.id, unique),
        eq(refundPhotos.userId, userId),
        isNull(refundPhotos.refundRequestId),
      ),
    )
    .returning({ id: refundPhotos.id });
  if (attached.length !== unique.length) throw new BadRequestError(REFUND_MESSAGES.photoNotFound);
}

export async function getOwnPhoto(db: Db, userId: string, id: string): Promise<RefundPhotoRow> {
  const [row] = await db
    .select()
    .from(refundPhotos)
    .where(and(eq(refundPhotos.id, id), eq(refundPhotos.userId, userId)));
  if (!row) throw new NotFoundError(REFUND_MESSAGES.photoNotFound);
  return row;
}
