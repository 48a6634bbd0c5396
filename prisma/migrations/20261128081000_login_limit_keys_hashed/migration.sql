-- The login limits' counters are kept under an HMAC of the e-mail and the address (decision 89):
-- the counters written before were kept under the e-mail and address themselves. They go; the
-- longest of them would have lasted a day, and the counts start again.
DELETE FROM "RateLimiterFlexible";
