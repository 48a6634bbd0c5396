import { z } from "zod";

// zod's own messages (wrong type, unknown value...) in Thai, for the JSON calls: every schema
// message a person may read is Thai even where a schema gives none of its own.
z.config(z.locales.th());
