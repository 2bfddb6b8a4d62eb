// Account (issue 3): profile, KYC, bank accounts, notification settings and centre, web-info, feedback — zod schemas and their types.
export {};
