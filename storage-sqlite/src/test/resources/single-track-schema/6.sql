ALTER TABLE paused_work ADD COLUMN releasing INTEGER NOT NULL DEFAULT 0 CHECK (releasing IN (0, 1));
