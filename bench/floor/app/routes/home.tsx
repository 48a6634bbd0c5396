import { Form } from "react-router";

export function meta() {
  return [{ title: "หน้าพื้นฐานของเฟรมเวิร์ก" }];
}

export function loader() {
  return { greeting: "สวัสดี" };
}

/** One heading, one paragraph, one form: what every React Router page carries at least. */
export default function Home({ loaderData }: { loaderData: { greeting: string } }) {
  return (
    <main>
      <h1>{loaderData.greeting}</h1>
      <p>หน้านี้คือพื้นฐานของ React Router: ไม่มีโค้ดของร้าน</p>
      <Form method="get">
        <label>
          ค้นหา <input name="q" />
        </label>
        <button type="submit">ค้นหา</button>
      </Form>
    </main>
  );
}
