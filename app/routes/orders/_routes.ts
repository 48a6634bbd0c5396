import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Cart, choosing a tailor, ordering and working the orders: pages, form actions and their /api calls. */
export const ordersRoutes: RouteConfigEntry[] = [
  route("cart", "routes/orders/cart.tsx"),
  route("cart/review", "routes/orders/cart-review.tsx"),
  route("cart/add", "routes/orders/cart-add.ts"),
  route("merchant/select", "routes/orders/merchant-select.tsx"),
  route("user/orders", "routes/orders/user-orders.tsx"),
  route("user/product", "routes/orders/order-missing.ts", { id: "orders/user-product-missing" }),
  route("user/product/:id", "routes/orders/user-product.tsx"),
  route("merchant", "routes/orders/merchant-orders.tsx"),
  route("merchant/order", "routes/orders/order-missing.ts", { id: "orders/merchant-order-missing" }),
  route("merchant/order/:id", "routes/orders/merchant-order.tsx"),
  route("merchant/order/:id/sheet", "routes/orders/merchant-order-sheet.tsx"),

  route("api/cart", "routes/orders/api.cart.ts"),
  route("api/cart/add", "routes/orders/api.cart-add.ts"),
  route("api/cart/:id", "routes/orders/api.cart-item.ts"),
  route("api/orders/place", "routes/orders/api.orders-place.ts"),
  route("api/orders/select_merchant", "routes/orders/api.orders-select-merchant.ts"),
  route("api/orders/accept", "routes/orders/api.orders-accept.ts"),
  route("api/orders/:id/complete", "routes/orders/api.orders-complete.ts"),
  route("api/orders/:id/cancel", "routes/orders/api.orders-cancel.ts"),
  route("api/orders/:id/payment", "routes/orders/api.order-payment.ts"),
  route("api/orders/:id/payment/slip", "routes/orders/api.order-payment-slip.ts"),
  route("api/orders/:id/payment/qr.svg", "routes/orders/api.order-payment-qr.ts"),
  route("api/orders/:id/delivery", "routes/orders/api.order-delivery.ts"),
  route("api/orders/:id/review", "routes/orders/api.order-review.ts"),
  route("api/orders/:id", "routes/orders/api.order.ts"),
  route("api/user/my_orders", "routes/orders/api.my-orders.ts"),
  route("api/merchants/orders/me", "routes/orders/api.merchant-orders.ts"),
  route("api/merchants/order/:id/details", "routes/orders/api.merchant-order.ts"),
];
