-- Substring search in Chinese and English (issue 6): trigram indexes need pg_trgm, a trusted
-- extension (PostgreSQL 13+) that the database owner may create.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
