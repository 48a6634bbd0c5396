import { site } from "~/content/site";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => [
  { title: `ติดต่อเรา | ${site.enterpriseName}` },
  { name: "description", content: `ที่อยู่ โทรศัพท์ และอีเมลของ${site.enterpriseName} และโครงการวิจัยที่ดูแลร้าน` },
];

export default function Contact() {
  const { contact } = site;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-semibold text-indigo-ink">ติดต่อเรา</h1>
      <p className="mt-3 max-w-3xl text-stone-700">{contact.intro}</p>
      <p className="mt-2 text-sm text-stone-500">{contact.project}</p>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
          <h2 className="font-semibold text-indigo-ink">{contact.address.title}</h2>
          <address className="mt-2 not-italic text-stone-700">
            {contact.address.lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </li>
        <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
          <h2 className="font-semibold text-indigo-ink">{contact.phone.title}</h2>
          <p className="mt-2 text-stone-700">{contact.phone.label}</p>
          <a
            href={`tel:${contact.phone.tel}`}
            className="mt-1 inline-block font-semibold text-indigo-ink underline decoration-silk underline-offset-4"
          >
            {contact.phone.display}
          </a>
        </li>
        <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
          <h2 className="font-semibold text-indigo-ink">{contact.email.title}</h2>
          <p className="mt-2 text-stone-700">{contact.email.label}</p>
          <a
            href={`mailto:${contact.email.address}`}
            className="mt-1 inline-block break-all font-semibold text-indigo-ink underline decoration-silk underline-offset-4"
          >
            {contact.email.address}
          </a>
        </li>
      </ul>
    </section>
  );
}
