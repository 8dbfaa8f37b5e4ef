/** The icons declarations may name, listed once: only these are bundled (icons.tsx reads this list). */
export {
  ApartmentOutlined, AppstoreOutlined, BankOutlined, BarChartOutlined, BookOutlined, CalendarOutlined, DeleteOutlined,
  DownloadOutlined, UploadOutlined, FileDoneOutlined, PlayCircleOutlined, ScheduleOutlined, StopOutlined, TeamOutlined,
  UnorderedListOutlined, UserOutlined, SettingOutlined, DashboardOutlined, HomeOutlined, ReadOutlined, WalletOutlined,
  MessageOutlined, ContactsOutlined, RiseOutlined, TrophyOutlined, SafetyCertificateOutlined, NotificationOutlined,
  AccountBookOutlined, ShoppingCartOutlined, FolderOpenOutlined, VideoCameraOutlined, QuestionCircleOutlined, SafetyOutlined, CommentOutlined,
  CarOutlined, EnvironmentOutlined, NodeIndexOutlined,
} from '@ant-design/icons';
