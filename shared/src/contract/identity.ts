// Identity (issue 3): sign-up, login, OTP, tokens, device sessions, PIN — zod schemas and their types.
export {};
