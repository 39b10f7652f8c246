/** Settings → Emails (docs/product.md#email): what the outbox holds, newest first, a page at a time. */
import { and, desc, eq, lt } from "drizzle-orm";
import type { Email, EmailKind, EmailListQuery, EmailStatus } from "../../../domain/schemas/emails.js";
import type { Db } from "../../db/connect.js";
import { emails } from "../../db/schema.js";

export async function listEmails(db: Db, propertyId: string, query: EmailListQuery): Promise<Email[]> {
  const rows = await db
    .select({
      id: emails.id,
      to: emails.toAddress,
      subject: emails.subject,
      kind: emails.kind,
      status: emails.status,
      attempts: emails.attempts,
      lastError: emails.lastError,
      createdAt: emails.createdAt,
      sentAt: emails.sentAt,
    })
    .from(emails)
    .where(
      and(
        eq(emails.propertyId, propertyId),
        query.before ? lt(emails.createdAt, new Date(query.before).toISOString()) : undefined,
      ),
    )
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(query.limit);
  return rows.map((row) => ({
    ...row,
    kind: row.kind as EmailKind,
    status: row.status as EmailStatus,
    createdAt: new Date(row.createdAt).toISOString(),
    sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
  }));
}
