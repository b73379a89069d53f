/** The JSON body of every failed API call. */
export interface ApiErrorBody {
  /** A sentence safe to show the user. */
  message: string;
  /** A stable machine-readable reason, when there is one. */
  code?: string;
  /** Field-level problems from input validation. */
  issues?: { path: string; message: string }[];
}
