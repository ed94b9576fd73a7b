/** What the KYC form's action answers: messages per field, or one for the whole form. Never the document number. */
export interface KycFormState {
  errors?: Record<string, string>;
  alert?: string;
  values?: Record<string, string>;
}
