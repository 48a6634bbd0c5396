/** A person's seven measurements as the profile form sends them, typed in inches (38-inch chest). */
export const INCHES = {
  chest: "38",
  waist: "32",
  hips: "39",
  shoulder: "17.5",
  sleeve: "24",
  shirtLength: "29",
  neck: "15.5",
};
