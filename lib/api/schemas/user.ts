import { z } from 'zod';
import { empty, passwordSchema, phoneSchema, smsCodeSchema } from './common';

export const userSchema = z.object({
  id: z.string(),
  phone: z.string(),
  nickname: z.string(),
  sourcePlaformCode: z.string().nullable(),
  isStaff: z.boolean(),
  createdAt: z.string(),
});
export type UserDTO = z.infer<typeof userSchema>;

export const userExtendSchema = z.object({
  realName: z.string().nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  region: z.string().nullable(),
  industry: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type UserExtendDTO = z.infer<typeof userExtendSchema>;

const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).nullable().optional();
export const updateUserExtendBody = z.object({
  nickname: z.string().trim().min(1, 'is required').max(32, 'must be at most 32 characters').optional(),
  realName: optionalText(64),
  company: optionalText(128),
  position: optionalText(64),
  region: optionalText(64),
  industry: optionalText(64),
  // The storage key of an image the user uploaded (shown as FilePathPrefix + key); null or '' clears it.
  avatar: optionalText(512),
});
export type UpdateUserExtendBody = z.infer<typeof updateUserExtendBody>;

/** general: avatar and attachments, up to 10 files until it expires; feedback: the images of one feedback. */
export const UPLOAD_PURPOSES = ['general', 'feedback'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const uploadGrantQuery = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, 'must be general or feedback').default('general'),
});

export const uploadGrantSchema = z.object({
  uploadUrl: z.string(),
  purpose: z.enum(UPLOAD_PURPOSES),
  /** How many files the grant uploads at most (only from the session that asked for it). */
  maxFiles: z.number().int(),
  grant: z.string(),
  keyPrefix: z.string(),
  allowedTypes: z.array(z.string()),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
export type UploadGrant = z.infer<typeof uploadGrantSchema>;

export const sessionTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type SessionToken = z.infer<typeof sessionTokenSchema>;

export const phoneQuery = z.object({ phone: phoneSchema });
export const registerBody = z.object({
  phone: phoneSchema,
  code: smsCodeSchema,
  password: passwordSchema,
  nickname: z.string().trim().min(1, 'is required').max(32, 'must be at most 32 characters').optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;
export const retrieveBody = z.object({ phone: phoneSchema, code: smsCodeSchema, password: passwordSchema });
export type RetrieveBody = z.infer<typeof retrieveBody>;
// Login checks only presence/length: a wrong-format password is just a wrong password.
export const loginBody = z.object({
  phone: phoneSchema,
  password: z.string().min(1, 'is required').max(128, 'must be at most 128 characters'),
});
export type LoginBody = z.infer<typeof loginBody>;
export const tokenQuery = z.object({ token: z.string().trim().min(1, 'is required').max(4096, 'is too long') });
export const identifierQuery = z.object({ identifier: z.string().trim().min(1, 'is required').max(64, 'is too long') });
export { empty };
