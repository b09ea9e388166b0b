from local.stack import main

main()
