import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/auth-options";
import { checkAuthRequest } from "@/lib/auth/check-auth-request";
import { errorBody } from "@/lib/errors";
import { jsonResponse } from "@/lib/http/json";

const nextAuth = NextAuth(authOptions);

type Context = { params: Promise<{ nextauth: string[] }> };

/** next-auth, behind a check that refuses what it would answer with a 500 (lib/auth/check-auth-request.ts). */
async function handler(req: NextRequest, context: Context): Promise<Response> {
  try {
    await checkAuthRequest(req, (await context.params).nextauth);
  } catch (error) {
    const { status, body } = errorBody(error, "guide");
    return jsonResponse(status, body, { "cache-control": "no-store", ...(status === 405 ? { allow: "POST" } : {}) });
  }
  return nextAuth(req, context);
}

export { handler as GET, handler as POST };
