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
