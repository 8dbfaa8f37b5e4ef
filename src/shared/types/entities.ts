/* Generated from schemas/ by `npm run types`; do not edit. */

export interface Acyear {
id?: number
name: string
syllabus: string
start_date: string
end_date: string
status?: (0 | 1 | 2)
}

export interface Branch {
id?: number
name: string
code: string
}

export interface Class {
id?: number
class: string
section: string
branch_id?: (number | null)
class_teacher_id?: (number | null)
}

export interface Subject {
id?: number
class_id: number
name: string
code: string
subject_type?: (1 | 2 | 3)
marks_type?: (1 | 2)
subject_teacher_id?: (number | null)
extras?: {
/**
 * @maxItems 50
 */
subjects?: {
subject_name: string
subject_code?: string
subject_teacher?: (number | null)
}[]
}
}

export interface TestSubject {
id?: number
test_id: number
class_id: number
subject_id: number
marks_type: (1 | 2)
min_marks: number
max_marks: number
start_time: string
end_time: string
invigilator?: (number | null)
}

export interface Test {
id?: number
name: string
ac_year: number
start_date: string
end_date: string
test_type?: (1 | 2)
}

/**
 * A named fee for every student of a class in an academic year; creating it bills each of them.
 */
export interface CreatedFee {
id?: number
name: string
ac_year_id: number
class_id: number
fee_item_id?: (number | null)
amount_total: number
}

/**
 * Money received on a bill (positive) or given back (negative, a refund). Each has its own receipt number, sequential in the school and never reused.
 */
export interface FeeInstallment {
id?: number
payment_id: number
paid_amount: number
mode: string
account?: (string | null)
kind: ("payment" | "installment" | "refund" | "online")
receipt_no: number
timestamp: string
gateway_payment_id?: (string | null)
extras?: {

}
created_by?: (number | null)
}

/**
 * A kind of fee a school charges (tuition, books, bus), with its usual amount.
 */
export interface FeeItem {
id?: number
name: string
type: (1 | 2 | 3 | 4)
amount: number
}

/**
 * An online payment started by a parent: the order we created at the gateway, and what became of it.
 */
export interface FeeOrder {
id?: number
payment_id: number
student_id: number
user_id: number
amount: number
gateway: string
order_id: string
status: ("created" | "paid" | "failed")
gateway_payment_id?: (string | null)
installment_id?: (number | null)
extras?: {

}
}

/**
 * One line of a bill: a fee item (or Transportation / Miscellaneous), its amount and quantity.
 */
export interface FeePaymentDetail {
id?: number
payment_id: number
fee_item_id?: (number | null)
fee_item_name: string
amount: number
quantity: number
}

/**
 * A bill for one student and academic year. paid_amount is always the sum of its installments (refunds are negative) and total_amount the sum of its lines less the discount; both are written only by the fees ledger.
 */
export interface FeePayment {
id?: number
student_id: number
ac_year_id: number
name: string
total_amount: number
paid_amount: number
discount_amount: number
timestamp: string
created_fee_id?: (number | null)
created_by?: (number | null)
}

/**
 * One student's attendance on one day.
 */
export interface Attendance {
id?: number
student_id: number
class_id: number
ac_year_id: number
date: string
present: (1 | 0)
reason?: (string | null)
}

export interface Message {
id?: number
sent_by?: (number | null)
to_id?: (number | null)
student_id?: (number | null)
subject: string
message: string
reply_enabled?: boolean
reply?: (string | null)
timestamp?: string
}

export interface PocketMoney {
id?: number
student_id: number
amount: number
txn_type: (0 | 1)
date: string
details: string
}

export interface StudentContact {
id?: number
student_id: number
contact_name: string
mobile: string
email?: string
address?: string
student_relation?: string
enable_sms?: boolean
is_emergency_contact?: boolean
extras?: {
aadhar_no?: string
pan_no?: string
}
}

/**
 * A student's place in one academic year: class and section, roll number, year status and admission type.
 */
export interface StudentYear {
id?: number
student_id: number
ac_year_id: number
class_id: number
roll_no?: (number | null)
status?: (-1 | 0 | 1 | 2 | 3 | 4)
admission_type?: (("NEW" | "RE ADM.") | null)
}

export interface Student {
id?: number
user_id?: (number | null)
ac_year_id: number
class_id: number
fullname: string
mobile: string
dob: string
admission_no: string
admission_date: string
roll_no?: (number | null)
usn?: string
aadhar_no?: string
religion?: string
caste?: string
gender?: (("Male" | "Female" | "Others") | null)
blood_group?: string
quota?: string
profile_photo?: (string | null)
status?: (1 | 0 | 2 | 3)
extras?: {
[k: string]: string | undefined
}
}

export interface Teacher {
id?: number
user_id?: (number | null)
fullname: string
email: string
mobile: string
employee_id?: string
job_title?: string
password?: string
extras?: {
address?: string
qualification?: string
}
}
