import { z } from "zod";

/**
 * A form that sends one picture (a design card's sample photo, a shop's photo), on the one form
 * pattern (app/components/forms.tsx): a file must be chosen, said in the form's own words; its type
 * and size are checked by the upload itself, which reads the picture. The browser loads it on first use.
 */
export function photoFormSchema(missing: string) {
  return z.object({
    photo: z.instanceof(File, { error: missing }).refine((file) => file.size > 0, missing),
  });
}
