import { parseWithZod } from "@conform-to/zod/v4";
import { LoginSchema, ProfileSchema, RegisterSchema } from "./validation";

/**
 * The account forms' rules as the browser runs them: the server's own schemas (validation.ts).
 * Pages load this module only when someone starts on a form (useDeferredCheck), so zod and
 * Conform's parser (about 40 KB compressed) are not part of a public page's first load.
 */
export const checkLogin = (formData: FormData) => parseWithZod(formData, { schema: LoginSchema });
export const checkRegister = (formData: FormData) => parseWithZod(formData, { schema: RegisterSchema });
export const checkProfile = (formData: FormData) => parseWithZod(formData, { schema: ProfileSchema });
