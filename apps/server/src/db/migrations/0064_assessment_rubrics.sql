ALTER TABLE "assessment_answers" ADD COLUMN "rubric" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_answers" ADD COLUMN "rubric_scores" jsonb;--> statement-breakpoint
ALTER TABLE "qbank_questions" ADD COLUMN "rubric" jsonb DEFAULT '[]'::jsonb NOT NULL;