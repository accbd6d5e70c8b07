-- Issue 21: a password an administrator gave (a new user, a reset, admin:reset) is changed at the
-- first password sign-in; updatepwd clears the flag. Existing users keep signing in as before
-- (false): nobody knows which of today's passwords an administrator gave.
ALTER TABLE "sys_user" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
